#version 330
// Marks on top of the picture (spin arrows): positions in pixels from the top left.
uniform vec2 u_screen;
in vec2 a_pos;
in vec4 a_color;
out vec4 v_color;
void main() {
    v_color = a_color;
    gl_Position = vec4(a_pos.x / u_screen.x * 2.0 - 1.0, 1.0 - a_pos.y / u_screen.y * 2.0, 0.0, 1.0);
}
