#version 330
uniform sampler2D u_image;
in vec2 v_uv;
out vec4 f_color;
void main() {
    f_color = texture(u_image, v_uv);
}
