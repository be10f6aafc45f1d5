#version 330
#include scene.glsl
// Plain surfaces with nothing to work out per pixel: the table body and diamond sights (lamp
// light per vertex) and the pocket shafts (unlit: the colour as given). The colour is final
// per vertex, so each pixel costs about as little as software OpenGL allows.
in vec3 a_pos;
in vec3 a_normal;
in vec3 a_color;
in float a_material;          // 3: unlit; anything else: lit, plain
out vec3 v_color;
void main() {
    vec3 n = a_normal;
    if (dot(n, u_eye.xyz - a_pos) < 0.0) n = -n;         // two-sided: face the viewer
    v_color = a_material > 2.5 ? a_color : to_srgb(to_linear(a_color) * lamp_light(a_pos, n));
    gl_Position = u_view_proj * vec4(a_pos, 1.0);
}
