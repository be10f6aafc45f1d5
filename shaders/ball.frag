#version 330
#include scene.glsl
// Ball surface from the body-frame direction: number discs on the body +z and -z axes (so a
// ball at the identity orientation shows its number to a camera above, as racked balls do),
// glyphs upright along body +y; the stripe is the band around the body x axis through both
// discs; the cue ball has red spots on the six axes. The sphere is ray traced in the quad of
// ball.vert: exact depth, and an outline faded by how much of the pixel the ball covers. The
// stripe's and the discs' edges are blended over about a pixel (fwidth), and the numbers are
// read with gradients worked out before any branch, so both stay crisp and never flicker.
uniform sampler2D u_numbers;   // 4x4 cells, cell n holds number n
uniform samplerCube u_env;     // the hall, seen from the middle of the table (render.environment)
uniform int u_blend;           // 1: fade the outline by coverage (blended), 0: hard outline
in vec3 v_ray;
flat in vec3 v_center;
flat in float v_radius;
flat in mat3 v_rot;
flat in vec3 v_color;
flat in ivec2 v_style;         // pattern (0 plain, 1 solid, 2 stripe, 3 spotted), number
out vec4 f_color;
const vec3 IVORY = vec3(0.95, 0.93, 0.86);
const float DISC = 0.30;       // sin of the number disc's angular radius
const float STRIPE = 0.52;     // |body x| beyond which a stripe ball is ivory

// Clear coat: a sharp mirror image of each lamp's bulb on the varnish, over the broad
// highlight of shade() (the ball's own polish under the coat).
vec3 coat(vec3 p, vec3 n, vec3 v) {
    vec3 c = vec3(0.0);
    for (int i = 0; i < 3; ++i) {
        vec3 l = u_light_pos[i].xyz - p;
        float d2 = dot(l, l);
        float h = max(dot(n, normalize(l * inversesqrt(d2) + v)), 0.0);
        c += u_light_color[i].rgb * (2.5 * pow(h, 1600.0)) / (0.4 + 0.6 * d2);
    }
    return c;
}

void main() {
    vec3 dir = normalize(v_ray);
    vec3 oc = u_eye.xyz - v_center;
    float b = dot(oc, dir);                        // the ray's closest approach is at t = -b
    float miss2 = max(dot(oc, oc) - b * b, 0.0);    // squared distance of that point to the centre
    float pixel = -b * u_eye.w;                    // world size of a pixel there
    float coverage = clamp((v_radius - sqrt(miss2)) / pixel + 0.5, 0.0, 1.0);
    if (u_blend == 0) coverage = coverage < 0.5 ? 0.0 : 1.0;
    if (coverage <= 0.0) discard;
    float t = -b - sqrt(max(v_radius * v_radius - miss2, 0.0));   // first hit (the rim when missed)
    vec3 p = u_eye.xyz + t * dir;
    vec3 n = normalize(p - v_center);
    vec4 clip = u_view_proj * vec4(p, 1.0);
    gl_FragDepth = 0.5 + 0.5 * clip.z / clip.w;

    vec3 body = n * v_rot;                         // R^T n: the direction in the ball's frame
    vec3 fw = max(fwidth(body), vec3(1e-4));       // how far body moves across a pixel
    vec2 uv = vec2(body.z > 0.0 ? body.x : -body.x, body.y) / DISC;      // [-1, 1] across a disc
    vec2 uv_dx = dFdx(uv), uv_dy = dFdy(uv);
    vec3 albedo = v_color;
    if (v_style.x == 2) albedo = mix(albedo, IVORY, smoothstep(STRIPE - fw.x, STRIPE + fw.x, abs(body.x)));
    if (v_style.x == 3) {
        vec3 a = abs(body);
        if (max(a.x, max(a.y, a.z)) > 0.9955) albedo = vec3(0.75, 0.05, 0.05);
    }
    if (v_style.x == 1 || v_style.x == 2) {
        float edge = sqrt(1.0 - DISC * DISC);
        float on_disc = smoothstep(edge - fw.z, edge + fw.z, abs(body.z));
        if (on_disc > 0.0) {
            vec3 disc = IVORY;
            if (length(uv) < 0.88) {
                int k = v_style.y;
                vec2 cell = vec2(k % 4, 3 - k / 4);
                float ink = textureGrad(u_numbers, (cell + 0.5 + 0.46 * uv) / 4.0, 0.115 * uv_dx, 0.115 * uv_dy).r;
                disc = mix(disc, vec3(0.02), ink);
            }
            albedo = mix(albedo, disc, on_disc);
        }
    }
    vec3 lin = to_linear(albedo);
    vec3 c = shade(p, n, lin, 0.9, 120.0) + coat(p, n, -dir);
    c += lin * u_cloth_lit.rgb * (0.45 * clamp(0.2 - 0.8 * n.z, 0.0, 1.0));   // light bounced off the cloth below
    // the varnish mirrors the hall (Schlick's Fresnel with a coat of index 1.5: 4 % facing the
    // eye, rising towards the outline); the map holds display values: back to linear light
    float f = 1.0 - max(dot(n, -dir), 0.0);
    float f2 = f * f;
    vec3 r = reflect(dir, n);
    vec3 mirror = to_linear(texture(u_env, hall_lookup(p, r)).rgb);
#if QUALITY > 0
    mirror += shade_discs(p, r);
#endif
    c += (0.04 + 0.5 * f2 * f2 * f) * mirror;
    f_color = vec4(to_srgb(c), coverage);
}
