#version 330
#include scene.glsl
// Baize: base colour modulated by a fine weave texture (about 6 mm a repeat) and a broad mottle.
uniform sampler2D u_weave;
uniform vec3 u_cloth;          // sRGB
uniform float u_scale;         // texture repeats per metre
uniform float u_tint;         // 1 on the bed, darker on the cushions
in vec3 v_pos;
in vec3 v_light;
out vec4 f_color;
void main() {
    float weave = texture(u_weave, v_pos.xy * u_scale).r;
    float broad = texture(u_weave, v_pos.xy * u_scale * 0.031).g;
    vec3 albedo = u_tint * to_linear(u_cloth) * (0.80 + 0.30 * weave) * (0.93 + 0.14 * broad);
    f_color = vec4(to_srgb(albedo * v_light), 1.0);
}
