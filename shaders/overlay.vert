#version 330
#include scene.glsl
// Aim aids and paths: unlit, translucent, in table coordinates.
// u_place puts a unit mesh in the scene (xyz: where, w: scale), as the ghost ball's sphere;
// (0, 0, 0, 1) leaves table coordinates as they are.
uniform vec4 u_place;
in vec3 a_pos;
in vec4 a_color;
out vec4 v_color;
void main() {
    v_color = a_color;
    gl_Position = u_view_proj * vec4(a_pos * u_place.w + u_place.xyz, 1.0);
}
