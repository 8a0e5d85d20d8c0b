import { getMetadataStorage, IsInt, IsString, MinLength, validateSync } from 'class-validator';
import { memoizeValidationMetadata } from './validation-metadata-cache';

describe('memoizeValidationMetadata', () => {
  beforeAll(() => memoizeValidationMetadata());

  class Named {
    @IsString()
    name!: string;
  }

  it('answers a repeated lookup from its cache (the same array, not a new walk)', () => {
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Named, '', false, false);
    expect(first.map((m) => m.propertyName)).toEqual(['name']);
    expect(storage.getTargetValidationMetadatas(Named, '', false, false)).toBe(first);
    // Other arguments are another entry, not the first one's answer.
    expect(storage.getTargetValidationMetadatas(Named, '', false, false, ['admin'])).not.toBe(first);
  });

  it('is idempotent: installing twice keeps one cache', () => {
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Named, '', false, false);
    memoizeValidationMetadata();
    expect(storage.getTargetValidationMetadatas(Named, '', false, false)).toBe(first);
  });

  it('sees a subclass declared after its parent was validated, with the inherited rules', () => {
    expect(validateSync(Object.assign(new Named(), { name: 7 })).map((e) => e.property)).toEqual(['name']);

    class Counted extends Named {
      @IsInt()
      count!: number;
    }
    const errors = validateSync(Object.assign(new Counted(), { name: 7, count: 'x' }));
    expect(errors.map((e) => e.property).sort()).toEqual(['count', 'name']);
  });

  it('drops what it cached when more rules are registered for a class it already answered', () => {
    class Titled {
      @IsString()
      title!: string;
    }
    expect(validateSync(Object.assign(new Titled(), { title: 'a' }))).toEqual([]);

    // A decorator applied later (as a class loaded later would) adds a rule to the same class.
    MinLength(3)(Titled.prototype, 'title');
    const errors = validateSync(Object.assign(new Titled(), { title: 'a' }));
    expect(errors.map((e) => Object.keys(e.constraints ?? {}))).toEqual([['minLength']]);
  });
});
