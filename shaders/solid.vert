#version 330
#include scene.glsl
// Lit solids. Everything that varies slowly is worked out per vertex (the rails are cut every
// 10 cm): lamp light times albedo through the tone curve, the phase of the wood grain, the
// half vector of the varnish highlight. On software OpenGL the fragment work of these large
// surfaces was most of a frame.
uniform mat4 u_model;
in vec3 a_pos;
in vec3 a_normal;
in vec3 a_color;
in float a_material;
out vec3 v_diffuse;          // albedo times lamp light, tone mapped, linear (to_srgb before the sqrt)
out vec3 v_normal;
out vec3 v_half;             // unnormalised half vector of the nearest lamp and the eye
out float v_grain;           // grain phase, in rings
flat out int v_material;
void main() {
    vec4 world = u_model * vec4(a_pos, 1.0);
    vec3 n = normalize(mat3(u_model) * a_normal);
    vec3 to_eye = u_eye.xyz - world.xyz;
    if (dot(n, to_eye) < 0.0) n = -n;                      // two-sided: face the viewer
    v_normal = n;
    v_material = int(a_material + 0.5);
    vec3 lit = to_linear(a_color) * (v_material == 3 ? vec3(1.0) : lamp_light(world.xyz, n));
    v_diffuse = to_linear(to_srgb(lit));
    vec3 lamp = u_light_pos[0].xyz;
    for (int i = 1; i < 3; ++i)
        if (distance(u_light_pos[i].xy, world.xy) < distance(lamp.xy, world.xy)) lamp = u_light_pos[i].xyz;
    v_half = normalize(lamp - world.xyz) + normalize(to_eye);
    // rings along the long direction of the piece, wobbled (35 rings a metre)
    v_grain = 35.0 * (a_pos.y + a_pos.z) + 4.8 * a_pos.x * a_pos.x;
    gl_Position = u_view_proj * world;
}
