from billiard.cli import main

raise SystemExit(main())
