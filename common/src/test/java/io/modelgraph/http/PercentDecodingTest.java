package io.modelgraph.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class PercentDecodingTest {
    @Test
    void aPlusIsASpaceInAQueryAndAPlusInAPathSegment() {
        assertEquals(Optional.of("a b"), PercentDecoding.query("a+b"));
        assertEquals(Optional.of("a+b"), PercentDecoding.segment("a+b"));
    }

    @Test
    void escapesDecodeAsUtf8AndAStrayPercentStaysLiteral() {
        assertEquals(Optional.of("é/x"), PercentDecoding.segment("%C3%A9%2Fx"));
        assertEquals(Optional.of("100%"), PercentDecoding.query("100%"));
        assertEquals(Optional.of("%zz"), PercentDecoding.query("%zz"));
    }

    @Test
    void bytesThatAreNotUtf8AndLoneSurrogatesDecodeToNothing() {
        assertEquals(Optional.empty(), PercentDecoding.segment("%C3"));
        assertEquals(Optional.empty(), PercentDecoding.query("a%FFb"));
        assertEquals(Optional.empty(), PercentDecoding.segment("x\uD800"));
        assertEquals(Optional.empty(), PercentDecoding.query("%41\uDC00"));
        assertEquals(Optional.of("\uD83D\uDE00"), PercentDecoding.segment("%F0%9F%98%80"));
    }

    @Test
    void onlyAsciiHexDigitsMakeAnEscape() {
        // FULLWIDTH DIGIT ZERO is a digit to Character.digit, not a hex digit of a percent escape
        assertEquals(Optional.of("%\uFF10\uFF10"), PercentDecoding.query("%\uFF10\uFF10"));
    }
}
