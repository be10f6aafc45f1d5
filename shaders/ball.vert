#version 330
#include scene.glsl
// One instance per ball: centre, radius, body->table rotation (3 columns), style.
in vec3 a_pos;             // unit sphere, body frame
in vec3 i_center;
in float i_radius;
in vec3 i_rot0;
in vec3 i_rot1;
in vec3 i_rot2;
in vec3 i_color;
in vec2 i_style;           // pattern, number
out vec3 v_pos;
out vec3 v_normal;
out vec3 v_body;
flat out vec3 v_color;
flat out ivec2 v_style;
void main() {
    vec3 n = mat3(i_rot0, i_rot1, i_rot2) * a_pos;
    v_pos = i_center + i_radius * n;
    v_normal = n;
    v_body = a_pos;
    v_color = i_color;
    v_style = ivec2(i_style + 0.5);
    gl_Position = u_view_proj * vec4(v_pos, 1.0);
}
