// Shared by every 3D program (inserted by billiard.render.programs at "#include scene.glsl"):
// the scene uniform block (binding 1) and lamp lighting.
layout(std140) uniform Scene {
    mat4 u_view_proj;
    vec4 u_eye;              // xyz: camera position
    vec4 u_light_pos[3];     // lamps over the table
    vec4 u_light_color[3];
    vec4 u_ambient;          // rgb
    vec4 u_pockets[8];       // x, y, radius of each pocket hole
    ivec4 u_counts;          // x: number of pockets
};

vec3 to_linear(vec3 c) { return pow(c, vec3(2.2)); }
// exposure tone curve on the brightest channel, keeping the hue: highlights roll off to
// white-ish instead of clipping, and an orange ball stays orange under the lamp
vec3 to_srgb(vec3 c) {
    c = max(c, 0.0);
    float peak = max(max(c.r, c.g), max(c.b, 1e-5));
    vec3 mapped = c * ((1.0 - exp(-1.7 * peak)) / peak);
    return pow(clamp(mapped, 0.0, 1.0), vec3(1.0 / 2.2));
}

bool in_pocket(vec2 p) {
    for (int i = 0; i < u_counts.x; ++i) {
        vec2 d = p - u_pockets[i].xy;
        if (dot(d, d) < u_pockets[i].z * u_pockets[i].z) return true;
    }
    return false;
}

// Lamp lighting (Blinn-Phong, inverse-square falloff): albedo linear, returns linear colour.
vec3 shade(vec3 p, vec3 n, vec3 albedo, float spec, float shininess) {
    vec3 v = normalize(u_eye.xyz - p);
    vec3 c = u_ambient.rgb * albedo;
    for (int i = 0; i < 3; ++i) {
        vec3 l = u_light_pos[i].xyz - p;
        float d2 = dot(l, l);
        l *= inversesqrt(d2);
        float ndl = max(dot(n, l), 0.0);
        float att = 1.0 / (0.4 + 0.6 * d2);
        vec3 h = normalize(l + v);
        float s = ndl > 0.0 ? spec * pow(max(dot(n, h), 0.0), shininess) : 0.0;
        c += u_light_color[i].rgb * att * (albedo * ndl + s);
    }
    return c;
}
