public enum GetDicedPlaceholder {}
