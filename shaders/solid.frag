#version 330
#include scene.glsl
// Rails and body (wood grain, varnish highlights), sights, pocket shafts (unlit), the cue.
// The tone curve was applied per vertex (solid.vert), so a fragment only scales by the grain,
// adds the highlight and takes the square root to sRGB: no exp, pow or sin per pixel.
in vec3 v_diffuse;
in vec3 v_normal;
in vec3 v_half;
in float v_grain;
flat in int v_material;     // 0 plain, 1 wood, 2 varnished wood, 3 unlit (colour as given), 4 gloss (no grain)
out vec4 f_color;
void main() {
    vec3 c = v_diffuse;
    if (v_material == 1 || v_material == 2)    // grain: a triangle wave, far cheaper than sin
        c *= 0.72 + 0.56 * abs(fract(v_grain) - 0.5);
    if (v_material == 2 || v_material == 4) {  // varnish: the lamp's highlight, exponent about 50
        float x = max(dot(normalize(v_normal), normalize(v_half)), 0.0);
        float s = max(1.0 - 12.5 * (1.0 - x), 0.0);         // (1 - 50 (1 - x) / 4)^4 ~ x^50
        s *= s;
        c += u_light_color[0].rgb * 0.22 * s * s;
    }
    f_color = vec4(sqrt(min(c, 1.0)), 1.0);
}
