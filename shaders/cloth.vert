#version 330
#include scene.glsl
// Cloth is matte, so its whole colour except the fine weave and the shade near the cushions is
// worked out per vertex (the bed is an 8 cm grid, cushions are cut every few centimetres):
// lamp light, a broad mottle of the nap, the sheen at grazing angles, tone curve. That keeps
// the full-screen fragment work tiny on software OpenGL.
uniform vec3 u_cloth;          // sRGB
uniform float u_tint;          // 1 on the bed, darker on the cushions
in vec3 a_pos;
in vec3 a_normal;
out vec2 v_bed;
out vec3 v_color;
void main() {
    vec3 n = a_normal;
    vec3 to_eye = u_eye.xyz - a_pos;
    if (dot(n, to_eye) < 0.0) n = -n;
    float mottle = 0.94 + 0.06 * sin(7.1 * a_pos.x + 2.0 * sin(5.3 * a_pos.y)) * cos(6.7 * a_pos.y - 2.9 * a_pos.x);
    vec3 light = lamp_light(a_pos, n);
    vec3 cloth = to_linear(u_cloth);
    // sheen: the nap's fibres scatter the lamps' light towards an eye looking along the cloth, a
    // paler, brighter tone rising as (1 - cos)^3 of the viewing angle (a velvet-like lobe)
    float grazing = 1.0 - max(dot(n, normalize(to_eye)), 0.0);
    vec3 sheen = (0.5 * cloth + vec3(0.015)) * (0.45 * grazing * grazing * grazing);
    v_color = to_srgb(u_tint * (mottle * cloth + sheen) * light);
    v_bed = a_pos.xy;
    gl_Position = u_view_proj * vec4(a_pos, 1.0);
}
