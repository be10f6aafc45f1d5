#version 330
#include scene.glsl
// Baize: base colour modulated by a fine weave texture (about 2 mm a repeat cell).
uniform sampler2D u_weave;
uniform vec3 u_cloth;          // sRGB
uniform float u_scale;         // texture repeats per metre
uniform bool u_cut_pockets;
in vec3 v_pos;
in vec3 v_normal;
out vec4 f_color;
void main() {
    if (u_cut_pockets && in_pocket(v_pos.xy)) discard;
    float weave = texture(u_weave, v_pos.xy * u_scale).r;
    float broad = texture(u_weave, v_pos.xy * u_scale * 0.031).g;
    vec3 albedo = to_linear(u_cloth) * (0.80 + 0.30 * weave) * (0.93 + 0.14 * broad);
    vec3 n = normalize(v_normal);
    if (dot(n, u_eye.xyz - v_pos) < 0.0) n = -n;
    f_color = vec4(to_srgb(shade(v_pos, n, albedo, 0.02, 8.0)), 1.0);
}
