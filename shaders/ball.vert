#version 330
#include scene.glsl
// Balls as ray-traced impostors: one camera-facing quad per ball, just large enough to hold
// the sphere's outline plus a pixel and a half, so the fragment shader can shade the exact
// sphere and fade its edge by pixel coverage (anti-aliased without MSAA, round at any size).
in vec2 a_corner;          // [-1, 1]^2
in vec3 i_center;
in float i_radius;
in vec3 i_rot0;            // body -> table rotation, by columns
in vec3 i_rot1;
in vec3 i_rot2;
in vec3 i_color;
in vec2 i_style;           // pattern, number
out vec3 v_ray;            // eye -> point on the quad (world)
flat out vec3 v_center;
flat out float v_radius;
flat out mat3 v_rot;
flat out vec3 v_color;
flat out ivec2 v_style;
void main() {
    vec3 to_c = i_center - u_eye.xyz;
    float d = length(to_c);
    vec3 w = to_c / d;
    vec3 up = abs(w.z) < 0.999 ? vec3(0.0, 0.0, 1.0) : vec3(0.0, 1.0, 0.0);
    vec3 u = normalize(cross(w, up));
    vec3 v = cross(u, w);
    // the tangent cone from the eye cuts the plane through the centre in a circle of radius
    // r d / sqrt(d^2 - r^2); u_eye.w is the size of a pixel at unit distance
    float half_size = i_radius * d * inversesqrt(max(d * d - i_radius * i_radius, 1e-12)) + 1.5 * u_eye.w * d;
    vec3 p = i_center + half_size * (a_corner.x * u + a_corner.y * v);
    v_ray = p - u_eye.xyz;
    v_center = i_center;
    v_radius = i_radius;
    v_rot = mat3(i_rot0, i_rot1, i_rot2);
    v_color = i_color;
    v_style = ivec2(i_style + 0.5);
    gl_Position = d > 1.001 * i_radius ? u_view_proj * vec4(p, 1.0) : vec4(0.0, 0.0, -2.0, 1.0);  // eye inside: skip
}
