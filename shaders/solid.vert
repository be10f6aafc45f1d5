#version 330
#include scene.glsl
uniform mat4 u_model;
in vec3 a_pos;
in vec3 a_normal;
in vec3 a_color;
in float a_material;
out vec3 v_pos;
out vec3 v_local;
out vec3 v_normal;
out vec3 v_color;
flat out int v_material;
void main() {
    vec4 world = u_model * vec4(a_pos, 1.0);
    v_pos = world.xyz;
    v_local = a_pos;
    v_normal = mat3(u_model) * a_normal;
    v_color = a_color;
    v_material = int(a_material + 0.5);
    gl_Position = u_view_proj * world;
}
