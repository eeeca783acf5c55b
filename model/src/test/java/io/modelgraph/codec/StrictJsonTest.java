package io.modelgraph.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class StrictJsonTest {
    /** Found by fuzzing the osi-json decoder: the exponent overflowed BigDecimal and escaped as a runtime exception. */
    @Test
    void aNumberNoDecimalHoldsIsALogicalError() {
        String number = "0E2" + "0".repeat(120) + "22";
        for (String text : new String[] {number, "{\"a\": [" + number + "]}"}) {
            SchemaSyntaxException e = assertThrows(SchemaSyntaxException.class,
                    () -> StrictJson.exactDecimals().parse(text, "empty"));
            assertEquals("$", e.path());
            assertTrue(e.getMessage().contains("cannot be read as a decimal"), e.getMessage());
        }
    }
}
