package io.modelgraph.transform;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.modelgraph.codec.Format;
import io.modelgraph.codec.FormatOption;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** docs/formats.md's table of format providers says what the providers on the class path say, row for row. */
class FormatsTableTest {
    private static final Path DOC = Path.of(System.getProperty("user.dir")).getParent().getParent()
            .resolve("docs/formats.md");

    static String row(Format f) {
        String options = f.options().stream().map(FormatOption::name).map(n -> "`" + n + "`")
                .collect(Collectors.joining(", "));
        return "| `" + f.key() + "` | " + f.title() + " | " + (f.decodes() ? "yes" : "no") + " | "
                + (f.encodes() ? "yes" : "no") + " | " + options + " |";
    }

    @Test
    void theTableListsEveryProvider() throws Exception {
        List<String> expected = TransformHandler.codecs().formats().stream().map(FormatsTableTest::row).toList();
        List<String> documented = new ArrayList<>();
        boolean inTable = false;
        for (String line : Files.readAllLines(DOC)) {
            if (line.startsWith("| Key | Format | Reads | Writes | Options |")) {
                inTable = true;
            } else if (inTable && line.startsWith("| `")) {
                documented.add(line.replace("|  |", "| |").stripTrailing());
            } else if (inTable && !line.startsWith("|---")) {
                break;
            }
        }
        List<String> normalized = expected.stream().map(r -> r.replace("|  |", "| |")).toList();
        assertEquals(String.join("\n", normalized), String.join("\n", documented),
                "docs/formats.md's provider table (copy the expected rows)");
    }
}
