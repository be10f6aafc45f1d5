#version 330
#include scene.glsl
// Cloth is matte: its lamp light is computed per vertex (the bed is a fine grid, cushions are
// cut every few centimetres), which keeps the full-screen fragment work small on software GL.
in vec3 a_pos;
in vec3 a_normal;
out vec3 v_pos;
out vec3 v_light;
void main() {
    vec3 n = a_normal;
    if (dot(n, u_eye.xyz - a_pos) < 0.0) n = -n;
    v_pos = a_pos;
    v_light = lamp_light(a_pos, n);
    gl_Position = u_view_proj * vec4(a_pos, 1.0);
}
