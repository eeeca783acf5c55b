package io.modelgraph.local.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ArgsTest {
    private static final Set<String> VALUED = Set.of("from", "to", "format");
    private static final Set<String> SWITCHES = Set.of("fail-on-loss");

    private static Args parse(String... args) throws UsageException {
        return Args.parse("convert", List.of(args), VALUED, SWITCHES);
    }

    @Test
    void optionsSwitchesAndOperandsInAnyOrder() throws Exception {
        Args a = parse("in.avsc", "--to", "protobuf", "--format=json", "--fail-on-loss", "other");
        assertEquals(Map.of("to", "protobuf", "format", "json"), a.options());
        assertTrue(a.flag("fail-on-loss"));
        assertEquals(List.of("in.avsc", "other"), a.operands());
    }

    @Test
    void doubleDashEndsTheOptions() throws Exception {
        Args a = parse("--to", "sql", "--", "--weird-name.avsc", "-");
        assertEquals(List.of("--weird-name.avsc", "-"), a.operands());
    }

    @Test
    void mistakesAreUsageErrorsNamingTheOption() {
        assertMessage("unknown option '--bogus' for convert", "--bogus", "x");
        assertMessage("--to needs a value (convert)", "--to");
        assertMessage("--to needs a value (convert)", "--to", "--from", "avro");
        assertMessage("--to is given twice (convert)", "--to", "sql", "--to", "avro");
        assertMessage("--fail-on-loss takes no value (convert)", "--fail-on-loss=yes");
        assertMessage("--from must not be blank (convert)", "--from=");
    }

    private static void assertMessage(String message, String... args) {
        UsageException e = assertThrows(UsageException.class, () -> parse(args));
        assertEquals(message, e.getMessage());
    }
}
