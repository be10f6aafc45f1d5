#version 330
// Room colours come per vertex. From quality 1 on, the floor (material 5) gets boards: 12 cm
// wide along x, staggered joints, a tone per board and a faint grain, every line faded out
// where it would get thinner than a pixel (no shimmer when the camera moves).
in vec3 v_color;
in vec2 v_floor;
flat in int v_material;
out vec4 f_color;

float hash(vec2 p) { return fract(sin(dot(p, vec2(127.1, 311.7))) * 43758.5453); }

void main() {
    vec3 c = v_color;
#if QUALITY > 0
    if (v_material == 5) {
        vec2 q = vec2(v_floor.x / 1.3, v_floor.y / 0.12);
        float row = floor(q.y);
        q.x += 0.37 * row;                                // staggered board ends
        vec2 cell = vec2(floor(q.x), row);
        float tone = 0.88 + 0.2 * hash(cell);
        vec2 edge = min(fract(q), 1.0 - fract(q)) / max(fwidth(q), 1e-4);   // pixels to the nearest seam
        float seam = 1.0 - 0.3 * (1.0 - clamp(min(edge.x, edge.y) - 0.5, 0.0, 1.0))
                                * clamp(1.5 - 0.5 * fwidth(q.y) * 40.0, 0.0, 1.0);
        float g = v_floor.x * 9.0 + 3.0 * hash(cell.yx) + 0.6 * sin(v_floor.y * 90.0 + v_floor.x * 2.0);
        float grain = 1.0 + 0.05 * clamp(1.0 - 3.0 * fwidth(g), 0.0, 1.0) * (abs(fract(g) - 0.5) * 4.0 - 1.0);
        c *= tone * seam * grain;
    }
#endif
    f_color = vec4(c, 1.0);
}
