// Utf8Echo: sends back what arrives on Serial as well-formed UTF-8. Each
// ill-formed part becomes U+FFFD, so the other end never sees broken text.
// Built and run in CI against a stand-in core (test/consumers/arduino).
// snippet: arduino-sketch
#include <utf8mcu.h>

utf8mcu::StreamDecoder input(Serial);  // 4 bytes of decoder state

void echo(char32_t code_point) {
  std::uint8_t bytes[4];
  const utf8mcu::EncodeResult encoded = utf8mcu::encode(code_point, bytes, sizeof bytes);
  Serial.write(bytes, encoded.length);
}

void setup() { Serial.begin(115200); }

void loop() {
  input.poll(echo);  // never waits: decodes what has arrived, then returns
}
// end snippet
