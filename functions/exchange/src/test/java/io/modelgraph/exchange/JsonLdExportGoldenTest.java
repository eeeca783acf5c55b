package io.modelgraph.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.modelgraph.codec.InvalidOptionException;
import io.modelgraph.codec.SchemaSyntaxException;
import io.modelgraph.codec.jsonld.JsonLdExportOptions;
import io.modelgraph.codec.jsonld.JsonLdReader;
import io.modelgraph.codec.jsonld.JsonLdWriter;
import io.modelgraph.exchange.jsonld.ProfileVocabulary;
import io.modelgraph.exchange.profile.DefaultProfiles;
import io.modelgraph.schema.SchemaModel;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * exportJsonLd's text may not change when the JSON-LD logic moves into codecs/jsonld. The golden file was written
 * by the writer as it was before the move (run once with {@code -Dgolden.write=true} on that commit); this test
 * compares every combination of the export flags, with and without a space and a selection, byte for byte.
 */
class JsonLdExportGoldenTest {
    private static final Path GOLDEN = Path.of("src/test/resources/jsonld-export-golden.txt");

    static String allExports() throws SchemaSyntaxException {
        SchemaModel people = SampleModels.people();
        SchemaModel reread = new JsonLdReader(ProfileVocabulary.of(DefaultProfiles.JSON_LD)).read(new JsonLdWriter(ProfileVocabulary.of(DefaultProfiles.JSON_LD))
                .write(people, new JsonLdExportOptions(true, true, true, true, true, true, Optional.empty(),
                        Optional.empty())), "golden").model();
        StringBuilder out = new StringBuilder();
        for (SchemaModel model : new SchemaModel[] {people, reread}) {
            for (int flags = 0; flags < 64; flags++) {
                for (int extra = 0; extra < 4; extra++) {
                    Optional<JsonLdExportOptions.SpaceInfo> space = (extra & 1) == 0 ? Optional.empty()
                            : Optional.of(new JsonLdExportOptions.SpaceInfo("s-1", "My space"));
                    Optional<Set<String>> selection = (extra & 2) == 0 ? Optional.empty()
                            : Optional.of(Set.of("Person"));
                    JsonLdExportOptions options = new JsonLdExportOptions((flags & 1) != 0, (flags & 2) != 0,
                            (flags & 4) != 0, (flags & 8) != 0, (flags & 16) != 0, (flags & 32) != 0, space,
                            selection);
                    out.append("### ").append(model.name()).append(' ').append(options).append('\n');
                    try {
                        out.append(new JsonLdWriter(ProfileVocabulary.of(DefaultProfiles.JSON_LD)).write(model, options));
                    } catch (InvalidOptionException p) {
                        out.append("error ").append(p.path()).append(": ").append(p.getMessage());
                    }
                    out.append('\n');
                }
            }
        }
        return out.toString();
    }

    @Test
    void exportTextIsTheSameAsBeforeTheMove() throws Exception {
        String now = allExports();
        if (Boolean.getBoolean("golden.write")) {
            Files.writeString(GOLDEN, now, StandardCharsets.UTF_8);
        }
        assertEquals(Files.readString(GOLDEN, StandardCharsets.UTF_8), now);
    }
}
