internal import CYaml
import IndexSiteCore

/// Counts how many values a YAML text expands to once aliases are followed, over libyaml's parser events, before Yams
/// builds any node. Yams' composer hashes mapping keys in full, so an alias bomb used as a key (`? *bomb`) cost tens of
/// seconds inside `Yams.compose` before a count over the composed nodes could refuse it (issue 17, item 4).
/// Every libyaml call of IndexSite is in this file.
enum YAMLAliasBudget {
    /// Where the expansion first passed `budget` (1-based line and column of the alias), and whether an alias was
    /// followed on the way (else the text simply holds that many values), or nil when it stays within it. Text
    /// libyaml cannot parse gives nil too: the composer then reports the syntax error.
    static func firstExcess(in text: String, budget: Int) -> (line: Int, column: Int, throughAliases: Bool)? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        bytes.append(0)
        return bytes.withUnsafeBufferPointer { buffer -> (line: Int, column: Int, throughAliases: Bool)? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count - 1)
            /// Expanded sizes of the anchors seen so far; a later anchor of the same name replaces an earlier one.
            var anchored: [[UInt8]: Int] = [:]
            /// The open sequences and mappings: their anchor and the values counted inside them so far.
            var open: [(anchor: [UInt8]?, size: Int)] = []
            var total = 0
            var aliases = false
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                defer { yaml_event_delete(&event) }
                if event.type == YAML_ALIAS_EVENT { aliases = true }
                let mark = (line: Int(event.start_mark.line) + 1, column: Int(event.start_mark.column) + 1, throughAliases: aliases)
                var finished: (anchor: [UInt8]?, size: Int)?
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_SCALAR_EVENT:
                    finished = (anchorName(event.data.scalar.anchor), 1)
                case YAML_ALIAS_EVENT:
                    // An unknown alias is the composer's error to report; it counts as one value here.
                    finished = (nil, anchorName(event.data.alias.anchor).flatMap { anchored[$0] } ?? 1)
                case YAML_SEQUENCE_START_EVENT:
                    open.append((anchorName(event.data.sequence_start.anchor), 1))
                case YAML_MAPPING_START_EVENT:
                    open.append((anchorName(event.data.mapping_start.anchor), 1))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    finished = open.popLast()
                default:
                    break
                }
                guard let finished else { continue }
                if let anchor = finished.anchor { anchored[anchor] = finished.size }
                // Sizes are capped just past the budget, so counting never overflows however deep the aliases go.
                if let parent = open.indices.last {
                    open[parent].size = min(open[parent].size + finished.size, budget + 1)
                    if open[parent].size > budget { return mark }
                } else {
                    total = min(total + finished.size, budget + 1)
                    if total > budget { return mark }
                }
            }
            return nil
        }
    }

    private static func anchorName(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> [UInt8]? {
        guard let pointer else { return nil }
        var bytes: [UInt8] = []
        var index = 0
        while pointer[index] != 0 {
            bytes.append(pointer[index])
            index += 1
        }
        return bytes
    }
}
