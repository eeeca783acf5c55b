package io.modelgraph.transform.ai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.modelgraph.json.Json;
import io.modelgraph.platform.AiSettings;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The key read from Secrets Manager at init (a loopback server answering its JSON protocol), and the lenient reader. */
class AiProvidersTest {

    @Test
    void keyComesFromSecretsManagerWhenOnlyTheSecretIsConfigured() throws Exception {
        try (CannedProvider secrets = new CannedProvider()) {
            secrets.then(CannedProvider.Reply.ok("{\"ARN\":\"arn:aws:secretsmanager:us-east-1:1:secret:ai-key\","
                    + "\"Name\":\"ai-key\",\"SecretString\":\"  sk-from-secret\\n\",\"VersionId\":\"v1\"}"));
            AiSettings settings = new AiSettings(AiSettings.Provider.OPENAI, "m", Optional.of(secrets.base("/v1")),
                    Optional.empty(), Optional.of("ai-key"), "us-east-1", Duration.ofSeconds(5), 1000);
            assertEquals(Optional.of("sk-from-secret"), AiProviders.key(settings, Optional.of(secrets.base(""))));
            CannedProvider.Request sent = secrets.received().get(0);
            assertEquals("secretsmanager.GetSecretValue", sent.header("x-amz-target"));
            assertEquals("ai-key", Json.parse(sent.body()).get("SecretId").asText());
        }
    }

    @Test
    void aKeyGivenDirectlyNeedsNoSecret() {
        AiSettings settings = new AiSettings(AiSettings.Provider.OPENAI, "m", Optional.of(java.net.URI.create(
                "http://127.0.0.1:1/v1")), Optional.of("sk-direct"), Optional.of("unused"), "us-east-1",
                Duration.ofSeconds(1), 1000);
        assertEquals(Optional.of("sk-direct"), AiProviders.key(settings));
        assertTrue(AiProviders.build(AiSettings.NONE).isEmpty());
    }

    @Test
    void planAnswerReading() {
        String plan = "{\"operations\":[{\"op\":\"dropType\",\"type\":\"A\"}]}";
        assertEquals(1, PlanAnswer.operations(plan).orElseThrow().size());
        assertEquals(1, PlanAnswer.operations("```\n" + plan + "\n```").orElseThrow().size());
        assertEquals(1, PlanAnswer.operations("Text {x} then [1,2] and " + plan + " trailing }").orElseThrow().size());
        assertEquals(1, PlanAnswer.operations("[{\"op\":\"dropType\",\"type\":\"A\"}]").orElseThrow().size(),
                "a bare array of operations");
        assertTrue(PlanAnswer.operations("no plan here {\"answer\": 42}").isEmpty());
        assertTrue(PlanAnswer.operations("").isEmpty());
    }
}
