#version 330
#include scene.glsl
// The bulbs' glow: one camera-facing quad per lamp (instanced), centred just under its shade's rim.
in vec2 a_corner;          // [-1, 1]^2
in vec4 i_glow;            // xyz: centre, w: half size (m)
out vec2 v_uv;
void main() {
    vec3 to_c = i_glow.xyz - u_eye.xyz;
    vec3 w = normalize(to_c);
    vec3 up = abs(w.z) < 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(0.0, 1.0, 0.0);
    vec3 u = normalize(cross(w, up));
    vec3 v = cross(u, w);
    v_uv = a_corner;
    gl_Position = u_view_proj * vec4(i_glow.xyz + i_glow.w * (a_corner.x * u + a_corner.y * v), 1.0);
}
