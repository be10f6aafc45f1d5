#version 330
#include scene.glsl
// Cloth is matte, so its whole colour except the fine weave is worked out per vertex (the bed
// is a 5 cm grid, cushions are cut every few centimetres): lamp light, a broad mottle of the
// nap, tone curve. That keeps the full-screen fragment work tiny on software OpenGL.
uniform vec3 u_cloth;          // sRGB
uniform float u_tint;          // 1 on the bed, darker on the cushions
in vec3 a_pos;
in vec3 a_normal;
out vec2 v_bed;
out vec3 v_color;
void main() {
    vec3 n = a_normal;
    if (dot(n, u_eye.xyz - a_pos) < 0.0) n = -n;
    float mottle = 0.94 + 0.06 * sin(7.1 * a_pos.x + 2.0 * sin(5.3 * a_pos.y)) * cos(6.7 * a_pos.y - 2.9 * a_pos.x);
    v_color = to_srgb(u_tint * mottle * to_linear(u_cloth) * lamp_light(a_pos, n));
    v_bed = a_pos.xy;
    gl_Position = u_view_proj * vec4(a_pos, 1.0);
}
