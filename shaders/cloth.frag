#version 330
#include scene.glsl
// Baize: the lit cloth colour (per vertex) times a fine twill worked out here rather than read
// from a texture (a mipmapped texture read was half the cost of the cloth on software
// OpenGL): diagonal wales and a finer cross rib as triangle waves, each faded out where it
// gets finer than a few pixels, so it never shimmers (frequency clamping) and reads as an even
// colour at a distance. On the bed, the cloth darkens where the cushions' overhang and (from
// quality 1) the pocket mouths keep the room's light off it (ambient occlusion by hand).
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
#if QUALITY > 0
        // pocket holes lie at the cushions: the loop runs only along them (a tenth of the bed),
        // which on software OpenGL skips whole blocks of pixels
        if (edge < 0.12) {
            for (int i = 0; i < u_counts.x; ++i) {
                float e = length(v_bed - u_pockets[i].xy) - u_pockets[i].z;   // m to the hole's edge
                float j = 1.0 - clamp(e / 0.04, 0.0, 1.0);
                shade *= 1.0 - 0.35 * j * j;
            }
        }
#endif
    }
    f_color = vec4(v_color * shade, 1.0);
}
