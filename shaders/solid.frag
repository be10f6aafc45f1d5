#version 330
#include scene.glsl
// Lit solids: rails and body (wood grain, varnish), sights, pockets, the cue.
in vec3 v_pos;
in vec3 v_local;
in vec3 v_normal;
in vec3 v_color;
flat in int v_material;
out vec4 f_color;
void main() {
    if (v_material == 3) {                     // unlit, colour already shaded (pocket shafts)
        f_color = vec4(v_color, 1.0);
        return;
    }
    vec3 albedo = to_linear(v_color);
    float spec = 0.3 * max(albedo.r, max(albedo.g, albedo.b)), shine = 16.0;   // dark things barely shine
    if (v_material >= 1) {
        // grain: rings along the long direction of the piece, stretched and wobbled
        float g = sin(220.0 * (v_local.y + v_local.z) + 6.0 * sin(9.0 * v_local.x));
        albedo *= 0.82 + 0.18 * smoothstep(-0.6, 0.9, g);
        if (v_material == 2) { spec = 0.22; shine = 50.0; }
    }
    vec3 n = normalize(v_normal);
    if (dot(n, u_eye.xyz - v_pos) < 0.0) n = -n;
    f_color = vec4(to_srgb(shade(v_pos, n, albedo, spec, shine)), 1.0);
}
