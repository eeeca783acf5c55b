package io.modelgraph.http;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * Percent-decoding of path segments and query strings as strict UTF-8: a stray {@code %} is kept literally rather
 * than failing the whole request, and text whose bytes are not UTF-8 (or that holds a lone surrogate) decodes to
 * nothing, since a decoder that replaced them would store what the caller never sent (docs/api.md).
 */
final class PercentDecoding {
    private PercentDecoding() {
    }

    /** A path segment: {@code +} stays a plus. */
    static Optional<String> segment(String text) {
        return decode(text, false);
    }

    /** A query name or value ({@code application/x-www-form-urlencoded}): {@code +} is a space. */
    static Optional<String> query(String text) {
        return decode(text, true);
    }

    private static Optional<String> decode(String text, boolean plusIsSpace) {
        if (text.indexOf('%') < 0 && (!plusIsSpace || text.indexOf('+') < 0)) {
            return CallerStrings.loneSurrogate(text) < 0 ? Optional.of(text) : Optional.empty();
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '+' && plusIsSpace) {
                bytes.write(' ');
            } else if (c == '%' && i + 2 < text.length() && hex(text.charAt(i + 1)) >= 0
                    && hex(text.charAt(i + 2)) >= 0) {
                bytes.write(hex(text.charAt(i + 1)) * 16 + hex(text.charAt(i + 2)));
                i += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length()
                    && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes.writeBytes(text.substring(i, i + 2).getBytes(StandardCharsets.UTF_8));
                i++;
            } else if (Character.isSurrogate(c)) {
                return Optional.empty();
            } else {
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }

    /** ASCII hex only: {@code Character.digit} would also take other scripts' digits. */
    private static int hex(char c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        return c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    }
}
