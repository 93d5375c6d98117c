package dev.perflab.app;

import org.springframework.data.jdbc.repository.query.Modifying;
import org.springframework.data.jdbc.repository.query.Query;
import org.springframework.data.repository.CrudRepository;

/**
 * Spring Data JDBC's repository over {@link UserEntity}. Inserts and reads are CrudRepository's.
 * The update and the delete are written out because CrudRepository's save() and deleteById()
 * silently do nothing when no row has the id, where the contract answers 404: these return the
 * rows they matched, from the one statement (no read before the write). They return int, not
 * boolean, so that Spring Data's AOT processing generates their code too.
 */
interface UserRepository extends CrudRepository<UserEntity, Long> {

  @Modifying
  @Query("UPDATE users SET name = :name, email = :email WHERE id = :id")
  int update(long id, String name, String email);

  @Modifying
  @Query("DELETE FROM users WHERE id = :id")
  int remove(long id);
}
