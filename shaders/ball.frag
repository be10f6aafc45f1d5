#version 330
#include scene.glsl
// Ball surface from the body-frame direction: number discs on the body +z and -z axes (so a
// ball at the identity orientation shows its number to a camera above, as racked balls do),
// glyphs upright along body +y; the stripe is the band around the body x axis through both
// discs; the cue ball has red spots on the six axes.
uniform sampler2D u_numbers;   // 4x4 cells, cell n holds number n
in vec3 v_pos;
in vec3 v_normal;
in vec3 v_body;
flat in vec3 v_color;
flat in ivec2 v_style;         // pattern (0 plain, 1 solid, 2 stripe, 3 spotted), number
out vec4 f_color;
const vec3 IVORY = vec3(0.95, 0.93, 0.86);
const float DISC = 0.30;       // sin of the number disc's angular radius
void main() {
    vec3 b = normalize(v_body);
    vec3 albedo = v_color;
    if (v_style.x == 2 && abs(b.x) > 0.52) albedo = IVORY;
    if (v_style.x == 3) {
        vec3 a = abs(b);
        if (max(a.x, max(a.y, a.z)) > 0.9955) albedo = vec3(0.75, 0.05, 0.05);
    }
    if ((v_style.x == 1 || v_style.x == 2) && abs(b.z) > sqrt(1.0 - DISC * DISC)) {
        vec2 uv = vec2(b.z > 0.0 ? b.x : -b.x, b.y) / DISC;          // [-1, 1] across the disc
        albedo = IVORY;
        if (length(uv) < 0.88) {
            int n = v_style.y;
            vec2 cell = vec2(n % 4, 3 - n / 4);
            float ink = texture(u_numbers, (cell + 0.5 + 0.5 * uv * 0.92) / 4.0).r;
            albedo = mix(albedo, vec3(0.02), ink);
        }
    }
    vec3 n = normalize(v_normal);
    vec3 v = normalize(u_eye.xyz - v_pos);
    vec3 c = shade(v_pos, n, to_linear(albedo), 0.9, 120.0);
    float rim = pow(1.0 - max(dot(n, v), 0.0), 4.0);
    c += 0.06 * rim * u_light_color[0].rgb;                      // varnish sheen at grazing angles
    f_color = vec4(to_srgb(c), 1.0);
}
