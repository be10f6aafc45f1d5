#version 330
#include scene.glsl
// Aim aids and paths: unlit, translucent, in table coordinates.
in vec3 a_pos;
in vec4 a_color;
out vec4 v_color;
void main() {
    v_color = a_color;
    gl_Position = u_view_proj * vec4(a_pos, 1.0);
}
