#version 330
#include scene.glsl
// Lit solids. Diffuse lamp light is computed per vertex (the rails are cut every 10 cm):
// on software OpenGL the per-fragment lighting of these large surfaces was most of a frame.
uniform mat4 u_model;
in vec3 a_pos;
in vec3 a_normal;
in vec3 a_color;
in float a_material;
out vec3 v_pos;
out vec3 v_local;
out vec3 v_normal;
out vec3 v_color;
out vec3 v_light;
flat out vec3 v_lamp;
flat out int v_material;
void main() {
    vec4 world = u_model * vec4(a_pos, 1.0);
    vec3 n = normalize(mat3(u_model) * a_normal);
    if (dot(n, u_eye.xyz - world.xyz) < 0.0) n = -n;       // two-sided: face the viewer
    v_pos = world.xyz;
    v_local = a_pos;
    v_normal = n;
    v_color = a_color;
    v_light = lamp_light(world.xyz, n);
    v_lamp = u_light_pos[0].xyz;
    for (int i = 1; i < 3; ++i)
        if (distance(u_light_pos[i].xy, world.xy) < distance(v_lamp.xy, world.xy)) v_lamp = u_light_pos[i].xyz;
    v_material = int(a_material + 0.5);
    gl_Position = u_view_proj * world;
}
