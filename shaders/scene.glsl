// Shared by every 3D program (inserted by billiard.render.programs at "#include scene.glsl"):
// the scene uniform block (binding 1) and lamp lighting.
layout(std140) uniform Scene {
    mat4 u_view_proj;
    vec4 u_eye;              // xyz: camera position, w: size of a pixel at 1 m (tan of its angle)
    vec4 u_light_pos[3];     // lamps over the table
    vec4 u_light_color[3];
    vec4 u_ambient;          // rgb
    vec4 u_pockets[8];       // x, y, radius of each pocket hole
    ivec4 u_counts;          // x: number of pockets
    vec4 u_cloth_lit;            // rgb: the cloth's colour as lit on the bed (linear), for bounce light and reflections
    vec4 u_room;             // x, y: half size of the cloth area; z: floor height; w: height of the shades' rims
    vec4 u_shade;            // x: radius of a shade's rim; yzw: its glowing inside (linear)
    vec4 u_hall;             // x, y: half size of the room; z: ceiling height; w: height the environment map is seen from
};

// gamma 2 instead of 2.2: sqrt and square cost far less than pow on software OpenGL
vec3 to_linear(vec3 c) { return c * c; }
// exposure tone curve on the brightest channel, keeping the hue: highlights roll off to
// white-ish instead of clipping, and an orange ball stays orange under the lamp
vec3 to_srgb(vec3 c) {
    c = max(c, 0.0);
    float peak = max(max(c.r, c.g), max(c.b, 1e-5));
    vec3 mapped = c * ((1.0 - exp(-1.7 * peak)) / peak);
    return sqrt(clamp(mapped, 0.0, 1.0));
}

bool in_pocket(vec2 p) {
    for (int i = 0; i < u_counts.x; ++i) {
        vec2 d = p - u_pockets[i].xy;
        if (dot(d, d) < u_pockets[i].z * u_pockets[i].z) return true;
    }
    return false;
}

// Diffuse light from the ambient and the lamps (inverse-square falloff) at p with normal n.
vec3 lamp_light(vec3 p, vec3 n) {
    vec3 c = u_ambient.rgb;
    for (int i = 0; i < 3; ++i) {
        vec3 l = u_light_pos[i].xyz - p;
        float d2 = dot(l, l);
        c += u_light_color[i].rgb * max(dot(n, l * inversesqrt(d2)), 0.0) / (0.4 + 0.6 * d2);
    }
    return c;
}

// Blinn-Phong highlights of the lamps at p (normal n), linear colour.
vec3 lamp_specular(vec3 p, vec3 n, float spec, float shininess) {
    vec3 v = normalize(u_eye.xyz - p);
    vec3 c = vec3(0.0);
    for (int i = 0; i < 3; ++i) {
        vec3 l = u_light_pos[i].xyz - p;
        float d2 = dot(l, l);
        l *= inversesqrt(d2);
        if (dot(n, l) <= 0.0) continue;
        c += u_light_color[i].rgb * spec * pow(max(dot(n, normalize(l + v)), 0.0), shininess) / (0.4 + 0.6 * d2);
    }
    return c;
}

// Where the environment map (billiard.render.environment) is looked up for a ray from p along
// r: the ray is followed to where it leaves the room's box, or meets the bed (inside the
// cushions) or the floor, and that point is seen from the map's capture point (box projection).
vec3 hall_lookup(vec3 p, vec3 r) {
    vec3 lo = vec3(-u_hall.xy, u_room.z);
    vec3 hi = vec3(u_hall.xy, u_hall.z);
    if (r.z < 0.0) {
        vec2 q = p.xy - r.xy * (p.z / r.z);
        if (all(lessThan(abs(q), u_room.xy))) lo.z = 0.0;
    }
    vec3 safe = mix(vec3(1e-6), r, greaterThan(abs(r), vec3(1e-6)));
    vec3 t = max((hi - p) / safe, (lo - p) / safe);          // per axis, the exit distance
    float d = max(min(t.x, min(t.y, t.z)), 0.0);
    return p + d * r - vec3(0.0, 0.0, u_hall.w);
}

// The glowing insides of the lamp shades, as a shiny surface at p mirrors them along r: discs
// at the rims' height (they are not in the environment map, which is seen from one point).
vec3 shade_discs(vec3 p, vec3 r) {
    vec3 c = vec3(0.0);
    if (r.z <= 0.0) return c;
    vec2 q = p.xy + r.xy * ((u_room.w - p.z) / max(r.z, 1e-3));
    for (int i = 0; i < 3; ++i) {
        float d = length(q - u_light_pos[i].xy);
        c += u_shade.yzw * (1.0 - smoothstep(0.8 * u_shade.x, u_shade.x, d));
    }
    return c;
}

// Lamp lighting per fragment (diffuse + highlights): albedo linear, returns linear colour.
vec3 shade(vec3 p, vec3 n, vec3 albedo, float spec, float shininess) {
    return albedo * lamp_light(p, n) + lamp_specular(p, n, spec, shininess);
}
