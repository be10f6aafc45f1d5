#version 330
#include scene.glsl
in vec3 a_pos;
in vec3 a_normal;
out vec3 v_pos;
out vec3 v_normal;
void main() {
    v_pos = a_pos;
    v_normal = a_normal;
    gl_Position = u_view_proj * vec4(a_pos, 1.0);
}
