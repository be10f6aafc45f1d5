#version 330
#include scene.glsl
// The room (floor, walls, ceiling, legs) and the lamp fixture: lamp light per vertex (the
// surfaces are cut into grids a few tens of centimetres wide), so a pixel costs next to
// nothing on software OpenGL; material 3 is unlit (the glowing insides of the shades).
in vec3 a_pos;
in vec3 a_normal;
in vec3 a_color;
in float a_material;
out vec3 v_color;
out vec2 v_floor;
flat out int v_material;
void main() {
    v_material = int(a_material + 0.5);
    v_color = v_material == 3 ? a_color : to_srgb(to_linear(a_color) * lamp_light(a_pos, a_normal));
    v_floor = a_pos.xy;
    gl_Position = u_view_proj * vec4(a_pos, 1.0);
}
