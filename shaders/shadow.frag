#version 330
#include scene.glsl
in vec2 v_uv;
in vec2 v_bed;
flat in float v_strength;
out vec4 f_color;
void main() {
    if (in_pocket(v_bed)) discard;
    float r = length(v_uv);
    float soft = 1.0 - smoothstep(0.25, 1.0, r);          // penumbra from the lamps
    float core = 1.0 - smoothstep(0.2, 0.55, r);          // umbra right under the ball
    float a = v_strength * clamp(0.6 * soft + 0.45 * core, 0.0, 0.9);
    f_color = vec4(0.0, 0.0, 0.0, a);
}
