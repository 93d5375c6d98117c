package dev.perflab.trainer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TrainingWorkloadTest {

    @Test
    void everyContractEndpointOnItsSuccessPathAndEveryErrorStatus() {
        List<TrainingRequest> round = TrainingWorkload.round(0);

        assertThat(round).filteredOn(r -> r.expectedStatus() == 200).extracting(r -> r.path().split("\\?")[0])
                .contains("/hello", "/cpu", "/sort", "/io", "/users/{id}", "/stream", "/blob", "/node/leaf", "/node/fan");
        assertThat(round).extracting(TrainingRequest::expectedStatus).contains(201, 204, 400, 404, 405, 409, 415);
        assertThat(round).extracting(TrainingRequest::method).contains("GET", "POST", "PUT", "DELETE");
        assertThat(round).filteredOn(r -> r.path().equals("/sort") && r.expectedStatus() == 200)
                .extracting(TrainingRequest::body)
                .anySatisfy(body -> assertThat(body).contains("\"quicksort\"", "\"asc\""))
                .anySatisfy(body -> assertThat(body).contains("\"mergesort\"", "\"desc\""))
                .anySatisfy(body -> assertThat(body).contains("\"heapsort\""));
    }

    @Test
    void theSameFixedSetEveryRunWithAFreshUserEachRound() {
        assertThat(TrainingWorkload.all()).hasSize(TrainingWorkload.ROUNDS * TrainingWorkload.round(0).size());
        assertThat(TrainingWorkload.all()).isEqualTo(TrainingWorkload.all());
        assertThat(createdUser(TrainingWorkload.round(1))).isNotEqualTo(createdUser(TrainingWorkload.round(0)));
    }

    private static String createdUser(List<TrainingRequest> round) {
        return round.stream().filter(r -> r.expectedStatus() == 201).findFirst().orElseThrow().body();
    }

    @Test
    void theCreatedIdReplacesThePlaceholder() {
        assertThat(TrainingRequest.get("/users/{id}", 200).withId("7").path()).isEqualTo("/users/7");
    }

    @Test
    void sortBodiesHoldEveryValueOnce() {
        String body = TrainingWorkload.sortBody("heapsort", "asc", 5);

        assertThat(body).isEqualTo("{\"algorithm\":\"heapsort\",\"order\":\"asc\",\"values\":[0,4,3,2,1]}");
    }
}
