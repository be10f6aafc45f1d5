#version 330
#include scene.glsl
// Shadows on the bed. A lamp's shadow is a soft disc (umbra and penumbra). The contact shadow
// is the ambient occlusion of a sphere resting on a plane: a point of the plane a distance rho
// from the contact point sees the ball (radius R, centre at height R, so at distance
// L = sqrt(rho^2 + R^2)) under the cosine-weighted solid-angle fraction (R / L)^3, which is 1 at
// the contact point, 0.35 at rho = R and 3 % at rho = 3 R, where the disc ends (CONTACT_REACH).
// The same pass darkens the cloth round each pocket's mouth (i_contact = 2).
in vec2 v_uv;
in vec2 v_bed;
flat in float v_strength;
flat in float v_contact;
out vec4 f_color;
void main() {
    if (in_pocket(v_bed)) discard;
    float r = length(v_uv);
    float a;
    if (v_contact > 1.5) {
        // round a pocket's hole (v_strength: the hole's share of the disc's radius): the cloth
        // darkens over the last 4 cm before the mouth, where the hole lets no light come back up
        float j = 1.0 - clamp((r - v_strength) / (1.0 - v_strength), 0.0, 1.0);
        a = 0.35 * j * j;
    } else if (v_contact > 0.5) {
        float rho = 3.0 * r;                               // in ball radii
        float occ = pow(1.0 + rho * rho, -1.5);
        a = v_strength * 0.8 * max(occ - 0.0316, 0.0) / (1.0 - 0.0316);
    } else {
        float soft = 1.0 - smoothstep(0.25, 1.0, r);      // penumbra from the lamps
        float core = 1.0 - smoothstep(0.2, 0.55, r);      // umbra right under the ball
        a = v_strength * clamp(0.6 * soft + 0.45 * core, 0.0, 0.9);
    }
    f_color = vec4(0.0, 0.0, 0.0, a);
}
