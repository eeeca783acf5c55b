package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.modelgraph.auth.CredentialKind;
import io.modelgraph.auth.Role;
import io.modelgraph.http.Route;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/**
 * The README's route table is the routers' own list: rendered from every route group the local gateway serves
 * (the same groups template.yaml is checked against), with each operation's summary from openapi.yaml. The test
 * fails when the README's table (between its marker comments) differs, printing the expected text; run it with
 * {@code -Dreadme.update=true} to rewrite the table in place.
 */
class ReadmeRoutesTest {
    static final Path README = TemplateTest.ROOT.resolve("README.md");
    static final String BEGIN = "<!-- routes:begin -->";
    static final String END = "<!-- routes:end -->";

    /** The table: one row per route, groups in the gateway's order, routes in their router's order. */
    static String render(List<RouteGroup> groups, JsonNode openApi) {
        StringBuilder out = new StringBuilder("| Function | Method | Path | Least role | What |\n|---|---|---|---|---|\n");
        for (RouteGroup group : groups) {
            if (group.name().equals("probe")) {
                continue; // the test stack's own group, not a route of the service
            }
            for (Route route : group.routes()) {
                String role = route.minimumRole().map(Role::name).orElse("any caller");
                if (route.credential() == CredentialKind.API_KEY) {
                    role += " (API key)";
                }
                JsonNode summary = openApi.path("paths").path(route.template())
                        .path(route.method().toLowerCase(Locale.ROOT)).path("summary");
                out.append("| ").append(group.name())
                        .append(" | ").append(route.method())
                        .append(" | `").append(route.template()).append('`')
                        .append(" | ").append(role)
                        .append(" | ").append(summary.asText("").replace("|", "\\|").trim())
                        .append(" |\n");
            }
        }
        return out.toString();
    }

    static String expectedTable() throws IOException {
        JsonNode openApi = new YAMLMapper().readTree(TemplateTest.ROOT.resolve("openapi.yaml").toFile());
        return render(TestStack.server().groups(), openApi);
    }

    @Test
    void theReadmeRouteTableIsTheRoutersOwn() throws IOException {
        String readme = Files.readString(README, StandardCharsets.UTF_8);
        int begin = readme.indexOf(BEGIN);
        int end = readme.indexOf(END);
        assertTrue(begin >= 0 && end > begin, "README.md lacks the " + BEGIN + " ... " + END + " markers");
        String current = readme.substring(begin + BEGIN.length(), end).strip();
        String expected = expectedTable().strip();
        if (Boolean.getBoolean("readme.update") && !current.equals(expected)) {
            Files.writeString(README, readme.substring(0, begin + BEGIN.length()) + "\n" + expected + "\n"
                    + readme.substring(end), StandardCharsets.UTF_8);
            current = expected;
        }
        assertEquals(expected, current, "README.md's route table differs from the routers. Replace the lines between "
                + BEGIN + " and " + END + " with:\n" + expected + "\n(or run this test with -Dreadme.update=true)");
    }

    @Test
    void theReadmeStaysAMap() throws IOException {
        long lines = Files.readAllLines(README, StandardCharsets.UTF_8).size();
        assertTrue(lines <= 200, "README.md has " + lines + " lines; a subject's details go to its docs/ page");
    }
}
