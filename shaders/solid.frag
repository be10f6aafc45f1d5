#version 330
#include scene.glsl
// Rails and body (wood grain, varnish highlights), sights, pocket shafts (unlit), the cue.
in vec3 v_pos;
in vec3 v_local;
in vec3 v_normal;
in vec3 v_color;
in vec3 v_light;
flat in vec3 v_lamp;        // position of the lamp nearest to the triangle
flat in int v_material;     // 0 plain, 1 wood, 2 varnished wood, 3 unlit
out vec4 f_color;
void main() {
    if (v_material == 3) {
        f_color = vec4(v_color, 1.0);
        return;
    }
    vec3 albedo = to_linear(v_color);
    if (v_material >= 1) {
        // grain: rings along the long direction of the piece, wobbled
        float g = sin(220.0 * (v_local.y + v_local.z) + 30.0 * v_local.x * v_local.x);
        albedo *= 0.86 + 0.14 * g;
    }
    vec3 c = albedo * v_light;
    if (v_material == 2) {                     // varnish: the highlight of the nearest lamp
        vec3 l = normalize(v_lamp - v_pos);
        vec3 h = normalize(l + normalize(u_eye.xyz - v_pos));
        c += u_light_color[0].rgb * 0.22 * pow(max(dot(normalize(v_normal), h), 0.0), 50.0);
    }
    f_color = vec4(to_srgb(c), 1.0);
}
