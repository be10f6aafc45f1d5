#version 330
// Baize: the lit cloth colour times a fine weave texture (a repeat every u_scale-th metre).
uniform sampler2D u_weave;
uniform float u_scale;         // texture repeats per metre
in vec2 v_bed;
in vec3 v_color;
out vec4 f_color;
void main() {
    float weave = texture(u_weave, v_bed * u_scale).r;
    f_color = vec4(v_color * (0.86 + 0.28 * weave), 1.0);
}
