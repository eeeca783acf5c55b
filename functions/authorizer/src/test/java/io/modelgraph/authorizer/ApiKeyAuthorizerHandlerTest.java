package io.modelgraph.authorizer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2CustomAuthorizerEvent;
import com.amazonaws.services.lambda.runtime.events.SimpleIAMPolicyResponse;
import io.modelgraph.auth.ApiKeyRecord;
import io.modelgraph.auth.ApiKeyStore;
import io.modelgraph.auth.ApiKeys;
import io.modelgraph.auth.Authenticator;
import io.modelgraph.auth.Role;
import io.modelgraph.platform.Services;
import io.modelgraph.store.ThrottledDynamo;
import io.modelgraph.store.TestStores;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The authorizer on the real DynamoDB Local: each kind of bad key yields a denial the route answers with 401. */
class ApiKeyAuthorizerHandlerTest {
    private static Services services;
    private static ApiKeyStore store;
    private static ApiKeyAuthorizerHandler handler;

    @BeforeAll
    static void stores() {
        services = TestStores.services();
        store = new ApiKeyStore(services.dynamo(), services.stores().apiKeyTable());
        handler = new ApiKeyAuthorizerHandler(services);
    }

    private static String project() {
        return TestStores.newProjectId();
    }

    private static String issueKey(String project, Role role) {
        String key = ApiKeys.newKey();
        store.create(ApiKeyStore.sha256(key), new ApiKeyRecord(UUID.randomUUID().toString(), project, role, "ci",
                Instant.now(), "alice", Optional.empty(), false, Optional.empty()));
        return key;
    }

    private static SimpleIAMPolicyResponse authorize(String authorization, String project) {
        return handler.handleRequest(event(authorization, project), null);
    }

    private static APIGatewayV2CustomAuthorizerEvent event(String authorization, String project) {
        Map<String, String> headers = new HashMap<>();
        if (authorization != null) {
            headers.put("authorization", authorization);
        }
        APIGatewayV2CustomAuthorizerEvent event = APIGatewayV2CustomAuthorizerEvent.builder()
                .withVersion("2.0").withType("REQUEST")
                .withRouteKey("POST /v1/{projectId}/integrations/capture/audit")
                .withRawPath("/v1/" + project + "/integrations/capture/audit")
                .withHeaders(headers)
                .withPathParameters(Map.of("projectId", project))
                .build();
        return event;
    }

    private static void assertDenied(SimpleIAMPolicyResponse response, String reason) {
        assertTrue(response.getIsAuthorized(), "the verdict travels in the context, the route answers 401");
        String denied = response.getContext().get(Authenticator.CTX_DENIED);
        assertTrue(denied != null && denied.contains(reason), "expected '" + reason + "' in " + response.getContext());
    }

    @Test
    void aValidKeyPassesProjectRoleAndKeyId() {
        String project = project();
        String key = issueKey(project, Role.Editor);
        Map<String, String> context = authorize("Bearer " + key, project).getContext();
        assertEquals(project, context.get(Authenticator.CTX_PROJECT));
        assertEquals("Editor", context.get(Authenticator.CTX_ROLE));
        assertTrue(store.findByHash(ApiKeyStore.sha256(key)).orElseThrow().lastUsedAt().isPresent(),
                "use is recorded");
    }

    @Test
    void missingMalformedUnknownRevokedAndForeignKeysAreDenied() {
        String project = project();
        assertDenied(authorize(null, project), "Missing API key");
        assertDenied(authorize("Basic abc", project), "Bearer <API_KEY>");
        assertDenied(authorize("Bearer not-a-key", project), "The API key is malformed: API keys start with 'mgk_'");
        assertDenied(authorize("Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhIn0.c2ln", project),
                "This route takes an API key, not a user access token");
        assertDenied(authorize("Bearer " + ApiKeys.newKey(), project), "not valid");

        String key = issueKey(project, Role.Viewer);
        assertDenied(authorize("Bearer " + key, project()), "grants no role on project");
        String keyId = store.list(project).get(0).keyId();
        store.revoke(project, keyId, Instant.now());
        assertDenied(authorize("Bearer " + key, project), "revoked");
    }

    @Test
    void aThrottledLastUsedWriteStillGrantsTheKey() {
        String project = project();
        String key = issueKey(project, Role.Editor);
        Map<String, String> context = authorizeThrottling(r -> r instanceof UpdateItemRequest, key, project);
        assertEquals(project, context.get(Authenticator.CTX_PROJECT), context.toString());
        assertEquals("Editor", context.get(Authenticator.CTX_ROLE));
        assertFalse(context.containsKey(Authenticator.CTX_DENIED), context.toString());
    }

    @Test
    void aFailedLookupIsAFaultTheRouteAnswers500NotADenial() {
        String project = project();
        String key = issueKey(project, Role.Editor);
        Map<String, String> context = authorizeThrottling(r -> r instanceof GetItemRequest, key, project);
        assertFalse(context.containsKey(Authenticator.CTX_DENIED), context.toString());
        assertTrue(context.get(Authenticator.CTX_FAULT).contains("MG-"), context.toString());
        Map<String, Object> asSeenByTheRoute = Map.copyOf(context);
        assertThrows(IllegalStateException.class, () -> services.authenticator().fromApiKeyContext(asSeenByTheRoute));
    }

    /** The authorizer's verdict when the store throttles the requests {@code throttled} picks. */
    private static Map<String, String> authorizeThrottling(
            java.util.function.Predicate<software.amazon.awssdk.core.SdkRequest> throttled, String key, String project) {
        Services faulty = new Services(services.stores(), ThrottledDynamo.failing(throttled), services.s3(),
                services.settings(), services.clock());
        return new ApiKeyAuthorizerHandler(faulty).handleRequest(event("Bearer " + key, project), null).getContext();
    }
}
