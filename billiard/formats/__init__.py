"""Typed definitions of every file format and message, and the one owner of each limit.

- :mod:`~billiard.formats.limits`: the speed limits, the elevation limit, the miscue
  limit, the quality names, the pool ball radius, the power-to-speed mapping.
- :mod:`~billiard.formats.strike`: the one :class:`Strike` type (mouse, keyboard,
  computer, files, network).
- :mod:`~billiard.formats.decode`: decoding that validates, every error one line naming
  the field and the rule.
- :mod:`~billiard.formats.schema`: the JSON Schemas of ``billiard/schemas/``, generated
  from the definitions listed in :mod:`billiard.schemas.published`.

Built on msgspec (typed Structs, constraints in ``msgspec.Meta``, a validating decoder
several times faster than ``json`` plus hand-written checks; docs/formats.md). The
package imports nothing from billiard but :mod:`billiard.errors`, so every layer, the
physics included, can use it.
"""
