/// Fetching, publishing and updating timetable data.
public enum EkiData {}
