#version 330
#include scene.glsl
// Baize: the lit cloth colour (per vertex) times a fine twill worked out here rather than read
// from a texture (a mipmapped texture read was half the cost of the cloth on software
// OpenGL): diagonal wales and a finer cross rib as triangle waves, each faded out where it
// gets finer than a few pixels, so it never shimmers (frequency clamping) and reads as an even
// colour at a distance. On the bed, the cloth darkens where the cushions' overhang keeps the
// room's light off it (ambient occlusion by hand; round the pocket mouths the shadow program
// draws it, on those few pixels only).
uniform float u_scale;         // wales per metre
uniform vec3 u_play;           // xy: half size of the playing area (the cushion noses); z: 1 on the bed
in vec2 v_bed;
in vec3 v_color;
out vec4 f_color;

float tri(float f) { return abs(fract(f) - 0.5) * 4.0 - 1.0; }    // triangle wave in [-1, 1]

void main() {
    vec2 p = v_bed * u_scale;
    float wale = p.x + p.y;
    float w = fwidth(wale);                                      // wales per pixel here
    // full strength down to 6 pixels a line, gone at 2 (the Nyquist limit of the pixel grid)
    float twill = 0.7 * clamp(1.5 - 3.0 * w, 0.0, 1.0) * tri(wale)
                + 0.3 * clamp(1.5 - 9.0 * w, 0.0, 1.0) * tri(3.0 * (p.x - p.y));
    float shade = 1.0 + 0.10 * twill;
    if (u_play.z > 0.5) {
        vec2 gap = u_play.xy - abs(v_bed);                       // m to the nearest cushion nose
        float edge = min(gap.x, gap.y);
        float k = 1.0 - clamp(edge / 0.045, 0.0, 1.0);
        shade *= 1.0 - 0.32 * k * k;
    }
    f_color = vec4(v_color * shade, 1.0);
}
