package dev.perflab.app;

import org.springframework.data.r2dbc.repository.Modifying;
import org.springframework.data.r2dbc.repository.Query;
import org.springframework.data.repository.reactive.ReactiveCrudRepository;
import reactor.core.publisher.Mono;

/**
 * Spring Data R2DBC's repository over {@link UserEntity}. Inserts and reads are
 * ReactiveCrudRepository's. The update and the delete are written out because save() and
 * deleteById() do not tell whether a row had the id, where the contract answers 404: these return
 * the rows they matched, from the one statement (no read before the write), as in the spring-boot app.
 */
interface UserRepository extends ReactiveCrudRepository<UserEntity, Long> {

  @Modifying
  @Query("UPDATE users SET name = :name, email = :email WHERE id = :id")
  Mono<Integer> update(long id, String name, String email);

  @Modifying
  @Query("DELETE FROM users WHERE id = :id")
  Mono<Integer> remove(long id);
}
