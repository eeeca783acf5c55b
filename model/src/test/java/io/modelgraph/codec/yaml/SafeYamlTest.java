package io.modelgraph.codec.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelgraph.codec.SchemaSyntaxException;
import java.math.BigInteger;
import org.junit.jupiter.api.Test;

/** YAML 1.2 core-schema scalars, one test per value that YAML 1.1 rules used to change. */
class SafeYamlTest {
    private static JsonNode value(String scalar) throws SchemaSyntaxException {
        return SafeYaml.read("v: " + scalar + "\n", "test").get("v");
    }

    @Test
    void yesAndNoAreNoLongerReadAsBooleansButStayStrings() throws Exception {
        JsonNode examples = SafeYaml.read("examples: [YES, NO, yes, no, on, off, Y, n]", "test").get("examples");
        assertEquals("[\"YES\",\"NO\",\"yes\",\"no\",\"on\",\"off\",\"Y\",\"n\"]", examples.toString());
    }

    @Test
    void onlyTrueAndFalseAreBooleans() throws Exception {
        assertTrue(value("true").booleanValue());
        assertEquals(false, value("False").booleanValue());
        assertTrue(value("TRUE").isBoolean());
        assertTrue(value("'true'").isTextual(), "a quoted true is a string");
    }

    @Test
    void versionOnePointTenNoLongerBecomesOnePointOne() throws Exception {
        assertEquals("1.10", value("1.10").asText());
        assertEquals("1.10", value("1.10").decimalValue().toPlainString());
        assertEquals("2.0", value("2.0").asText());
    }

    @Test
    void aLeadingZeroIsNoLongerOctalButDecimal() throws Exception {
        assertEquals(12, value("012").intValue(), "YAML 1.2 has no 0-prefixed octal: 012 is twelve");
        assertEquals(10, value("0o12").intValue(), "0o is the core schema's octal");
        assertEquals(31, value("0x1F").intValue());
    }

    @Test
    void sexagesimalNumbersAndTimestampsStayStrings() throws Exception {
        assertEquals("1:20", value("1:20").textValue(), "YAML 1.1 read 1:20 as eighty");
        assertEquals("2001-12-14", value("2001-12-14").textValue());
        assertEquals("1_000", value("1_000").textValue(), "no underscores in 1.2 core integers");
    }

    @Test
    void nullsNumbersAndLargeIntegersResolve() throws Exception {
        assertTrue(value("~").isNull());
        assertTrue(value("null").isNull());
        assertTrue(SafeYaml.read("v:\n", "test").get("v").isNull());
        assertEquals(-7, value("-7").intValue());
        assertEquals(new BigInteger("123456789012345678901234567890"),
                value("123456789012345678901234567890").bigIntegerValue());
        assertEquals("1.5E+3", value("1.5e3").decimalValue().toString());
        assertTrue(value(".inf").isTextual(), "JSON has no infinity; it stays text");
    }

    @Test
    void explicitCoreTagsApplyAndOthersAreRefused() throws Exception {
        assertEquals("012", value("!!str 012").textValue());
        assertEquals(5, value("!!int 5").intValue());
        SchemaSyntaxException wrong = assertThrows(SchemaSyntaxException.class, () -> value("!!int yes"));
        assertEquals("line 1, column 4", wrong.path());
        SchemaSyntaxException custom = assertThrows(SchemaSyntaxException.class,
                () -> value("!!python/object x"));
        assertTrue(custom.getMessage().contains("not allowed"), custom.getMessage());
    }

    @Test
    void aliasesDuplicateKeysAndSyntaxErrorsNameTheirPlace() {
        SchemaSyntaxException alias = assertThrows(SchemaSyntaxException.class,
                () -> SafeYaml.read("a: &x 1\nb: *x\n", 3, "test"));
        assertEquals("line 4, column 4", alias.path());
        assertTrue(alias.getMessage().contains("aliases"), alias.getMessage());
        SchemaSyntaxException duplicate = assertThrows(SchemaSyntaxException.class,
                () -> SafeYaml.read("a: 1\na: 2\n", "test"));
        assertEquals("line 2, column 1", duplicate.path());
        SchemaSyntaxException broken = assertThrows(SchemaSyntaxException.class,
                () -> SafeYaml.read("a: [1, 2\n", "test"));
        assertTrue(broken.path().startsWith("line "), broken.path());
    }

    @Test
    void deepNestingIsRefusedWithoutExhaustingTheStack() {
        String deep = "[".repeat(5000) + "]".repeat(5000);
        assertThrows(SchemaSyntaxException.class, () -> SafeYaml.read(deep, "test"));
    }

    @Test
    void anEmptyDocumentIsAnEmptyMapping() throws Exception {
        assertEquals("{}", SafeYaml.read("", "test").toString());
        assertEquals("{}", SafeYaml.read("# only a comment\n", "test").toString());
    }
}
