package io.modelgraph.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The first look: an empty demo project gets the sample model once, through schema/import. */
class DemoProjectTest {

    private static List<String> labels(String nodeType) {
        LocalServer server = TestStack.server();
        TestStack.Answer a = TestStack.get("/v1/" + server.demoProject() + "/fetchNodes?NodeType=" + nodeType
                + "&pageSize=250", server.demoToken());
        assertEquals(200, a.status(), a.body());
        List<String> labels = new ArrayList<>();
        a.json().path("data").path("nodes").forEach(n -> labels.add(n.path("label").asText()));
        return labels;
    }

    @Test
    void anEmptyDemoProjectIsFilledOnceAndTheBannersCallAnswersIt() {
        LocalServer server = TestStack.server();
        DemoProject.Seeded first = DemoProject.seedIfEmpty(server);
        DemoProject.Seeded second = DemoProject.seedIfEmpty(server);
        assertEquals(3, second.types());
        assertFalse(second.loaded(), "a project that holds Types is left alone");
        // the first call loaded it, unless another test of this JVM already had (the stack is shared)
        assertTrue(first.loaded() || first.types() == 3, first.toString());

        assertEquals(List.of("Person", "Study", "Visit"), labels("Type"));
        assertEquals(List.of("StudyPhase"), labels("Taxonomy"));
        assertTrue(labels("Exemplar").containsAll(List.of("phase-1", "phase-2", "phase-3", "preclinical")),
                labels("Exemplar").toString());

        LocalServer.Sample sample = server.sample();
        TestStack.Answer a = TestStack.send(sample.method(), sample.pathAndQuery(), server.demoToken(), null, null);
        JsonNode nodes = a.json().path("data").path("nodes");
        assertEquals(3, nodes.size(), a.body());
    }
}
