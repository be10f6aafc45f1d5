#version 330
#include scene.glsl
// A soft dark disc on the bed under each ball (instanced quad): the shadow a lamp casts, or
// (i_contact = 1) the contact shadow right under the ball, or (2) the shade round a pocket's mouth.
in vec2 a_corner;          // [-1, 1]^2
in vec3 i_center;          // x, y on the bed, radius of the disc
in float i_strength;
in float i_contact;
out vec2 v_uv;
out vec2 v_bed;
flat out float v_strength;
flat out float v_contact;
void main() {
    v_uv = a_corner;
    v_bed = i_center.xy + a_corner * i_center.z;
    v_strength = i_strength;
    v_contact = i_contact;
    gl_Position = u_view_proj * vec4(v_bed, 0.0008, 1.0);
}
