#version 330
#include scene.glsl
// A halo falling off as (1 - r^2)^3 from the middle, added to what is behind (additive blend):
// the warm light of the bulb scattered round the shade's opening.
in vec2 v_uv;
out vec4 f_color;
void main() {
    float q = max(1.0 - dot(v_uv, v_uv), 0.0);
    f_color = vec4(u_shade.yzw * (0.08 * q * q * q), 1.0);
}
