#version 330
// Baize: the lit cloth colour (per vertex) times a fine twill worked out here rather than read
// from a texture (a mipmapped texture read was half the cost of the cloth on software
// OpenGL): diagonal wales and a finer cross rib as triangle waves, each faded out where it
// gets finer than a few pixels, so it never shimmers (frequency clamping).
uniform float u_scale;         // wales per metre
in vec2 v_bed;
in vec3 v_color;
out vec4 f_color;

float tri(float f) { return abs(fract(f) - 0.5) * 4.0 - 1.0; }    // triangle wave in [-1, 1]

void main() {
    vec2 p = v_bed * u_scale;
    float wale = p.x + p.y;
    float w = fwidth(wale);                                      // wales per pixel here
    float twill = 0.7 * clamp(2.0 - 8.0 * w, 0.0, 1.0) * tri(wale)
                + 0.3 * clamp(2.0 - 24.0 * w, 0.0, 1.0) * tri(3.0 * (p.x - p.y));
    f_color = vec4(v_color * (1.0 + 0.08 * twill), 1.0);
}
